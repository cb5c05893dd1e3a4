import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { validationMessages } from '@app/shared/messages';
import { ApiError } from '../../../lib/api-error';
import { Button } from '../button';
import { toast } from '../toast';
import { Form } from './form';
import { Input } from './input';
import { Select } from './select';
import { applyServerFieldError } from './server-errors';
import { Textarea } from './textarea';

vi.mock('../toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const schema = z.object({
  name: z.string().min(1, 'Enter a name.'),
  email: z.email('Enter a valid email.'),
  kind: z.enum(['a', 'b']),
  note: z.string().max(5, 'Keep the note short.'),
});

function TestForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => unknown }) {
  return (
    <Form
      schema={schema}
      options={{ defaultValues: { name: '', email: '', kind: 'a', note: '' } }}
      onSubmit={async (values, form) => {
        const error = await Promise.resolve(onSubmit(values));
        applyServerFieldError(form, error, { emailAddress: 'email' }, 'That email is taken.');
      }}
    >
      {({ register, formState: { errors } }) => (
        <>
          <Input id="t-name" label="Name" registration={register('name')} error={errors.name} />
          <Input
            id="t-email"
            label="Email"
            registration={register('email')}
            error={errors.email}
            hint="We never share it."
          />
          <Select
            id="t-kind"
            label="Kind"
            registration={register('kind')}
            error={errors.kind}
            options={[
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ]}
          />
          <Textarea id="t-note" label="Note" registration={register('note')} error={errors.note} />
          <Button type="submit">Save</Button>
        </>
      )}
    </Form>
  );
}

describe('Form kit', () => {
  it('shows the first error at its field, marks it invalid, toasts it and focuses it', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Note'), 'far too long');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email. We never share it.');
    // One message at a time: the note's problem waits until the email is fixed.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Note')).not.toHaveAttribute('aria-invalid');
    expect(toast.error).toHaveBeenCalledWith(validationMessages.validationErrorTitle, {
      description: 'Enter a valid email.',
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a field error as soon as the field is edited', async () => {
    render(<TestForm onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name.');
    await userEvent.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands the parsed values to onSubmit', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'b');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', email: 'ann@example.com', kind: 'b', note: '' }),
    );
  });

  it('puts a server field error on the mapped field and focuses it', async () => {
    const refusal = new ApiError(409, 'Taken', {
      body: { message: 'Taken', code: 'CONFLICT', field: 'emailAddress' },
    });
    render(<TestForm onSubmit={() => refusal} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('That email is taken.');
  });

  it('ignores a server error that names no field of the form, and any 5xx', async () => {
    const setError = vi.fn();
    const unknownField = new ApiError(400, 'Bad', { body: { field: 'other' } });
    const serverFault = new ApiError(500, 'Oops', { body: { field: 'emailAddress' } });
    expect(applyServerFieldError({ setError }, unknownField, { emailAddress: 'email' })).toBeUndefined();
    expect(applyServerFieldError({ setError }, serverFault, { emailAddress: 'email' })).toBeUndefined();
    expect(
      applyServerFieldError({ setError }, new Error('network'), { emailAddress: 'email' }),
    ).toBeUndefined();
    expect(setError).not.toHaveBeenCalled();
  });
});

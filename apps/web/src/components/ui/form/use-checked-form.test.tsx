import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { httpMessages, validationMessages } from '@app/shared/messages';
import { Button } from '../button';
import { toast } from '../toast';
import { Input } from './input';
import { useCheckedForm } from './use-checked-form';

vi.mock('../toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.'),
  email: z.email('Enter a valid email.'),
});

interface TestFormProps {
  onValid: (values: z.output<typeof schema>) => void;
  loadSchema?: () => Promise<typeof schema>;
  preload?: () => Promise<unknown>;
}

function TestForm({ onValid, loadSchema = () => Promise.resolve(schema), preload }: TestFormProps) {
  const form = useCheckedForm({ initialValues: { name: '', email: '' }, loadSchema, preload });
  return (
    <form {...form.formProps} onSubmit={form.handleSubmit({ onValid })}>
      <Input id="t-name" label="Name" registration={form.field('name')} error={form.errors.name} />
      <Input
        id="t-email"
        label="Email"
        registration={form.field('email')}
        error={form.errors.email}
        hint="We never share it."
      />
      <Button type="submit">Save</Button>
      <button type="button" onClick={() => form.setFieldError('email')}>
        Refuse email
      </button>
    </form>
  );
}

describe('useCheckedForm', () => {
  it('loads the schema and the call only when the user reaches the form', async () => {
    const loadSchema = vi.fn(() => Promise.resolve(schema));
    const preload = vi.fn(() => Promise.resolve());
    render(<TestForm onValid={vi.fn()} loadSchema={loadSchema} preload={preload} />);
    // A dialog puts the focus in its first field by itself: that is no sign of the user yet.
    screen.getByLabelText('Name').focus();
    expect(loadSchema).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    expect(loadSchema).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('shows the first problem of an empty form at its field, toasts it and focuses the field', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name.');
    // One message at a time: the e-mail's problem waits until the name is fixed.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(toast.error).toHaveBeenCalledWith(validationMessages.validationErrorTitle, {
      description: 'Enter a name.',
    });
    expect(onValid).not.toHaveBeenCalled();
  });

  it('clears a field error when the field is edited, and hands the parsed values over', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.type(name, ' Ann ');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: 'Ann', email: 'ann@example.com' }));
  });

  it('marks a field the server refused and puts the user there', async () => {
    render(<TestForm onValid={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refuse email' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the check could not be loaded, sending nothing', async () => {
    const onValid = vi.fn();
    render(<TestForm onValid={onValid} loadSchema={() => Promise.reject(new TypeError('offline'))} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(httpMessages.network));
    expect(onValid).not.toHaveBeenCalled();
  });
});

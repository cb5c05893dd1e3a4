import type { ComponentProps } from 'react';
import { Check } from 'lucide-react';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import { cn } from './cn';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;
export const DropdownMenuRadioGroup = RadixMenu.RadioGroup;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-48 rounded-xl border border-zinc-200 bg-white p-1 shadow-lg data-[state=open]:animate-slide-down',
          'dark:border-zinc-800 dark:bg-zinc-900',
          className,
        )}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

const itemClasses =
  'relative flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-zinc-700 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-rose-50 data-[highlighted]:text-rose-700 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800 dark:data-[highlighted]:text-white [&_svg]:size-4 [&_svg]:shrink-0';

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(itemClasses, className)} {...props} />;
}

export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.RadioItem>) {
  return (
    <RadixMenu.RadioItem className={cn(itemClasses, 'pr-8', className)} {...props}>
      {children}
      <RadixMenu.ItemIndicator className="absolute right-2.5 inline-flex">
        <Check aria-hidden="true" />
      </RadixMenu.ItemIndicator>
    </RadixMenu.RadioItem>
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return (
    <RadixMenu.Label
      className={cn('px-2.5 py-1.5 text-xs font-medium text-zinc-500 dark:text-zinc-400', className)}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof RadixMenu.Separator>) {
  return (
    <RadixMenu.Separator
      className={cn('-mx-1 my-1 h-px bg-zinc-200 dark:bg-zinc-800', className)}
      {...props}
    />
  );
}

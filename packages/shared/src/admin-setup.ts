import { z } from 'zod';

/**
 * GET /api/admin/setup: each outside service, whether it is set up, whether it is failing, and what
 * the operator does to set it up. Only whether a secret is set ever travels, never its value.
 */

export const setupServiceIds = [
  'reddit-posting',
  'reddit-data',
  'stripe',
  'smtp',
  'ai',
  'storage',
  'sign-in',
] as const;
export const setupServiceIdSchema = z.enum(setupServiceIds);
export type SetupServiceId = z.infer<typeof setupServiceIdSchema>;

export const setupStates = ['configured', 'not-configured', 'failing'] as const;
export const setupStateSchema = z.enum(setupStates);
export type SetupState = z.infer<typeof setupStateSchema>;

export const setupStateLabels: Record<SetupState, string> = {
  configured: 'Configured',
  'not-configured': 'Not configured',
  failing: 'Failing',
};

/** Longest error kept per service: a short reason, not an upstream body. */
export const setupErrorMaxLength = 500;

export const setupServiceSchema = z.object({
  id: setupServiceIdSchema,
  name: z.string(),
  state: setupStateSchema,
  summary: z.string(),
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  steps: z.array(z.string()),
  docs: z.string().nullable(),
});
export type SetupService = z.infer<typeof setupServiceSchema>;

export const adminSetupResponseSchema = z.object({ services: z.array(setupServiceSchema) });
export type AdminSetupResponse = z.infer<typeof adminSetupResponseSchema>;

import { z } from 'zod';
import { communityInputSchema, type CommunityInput } from '@app/shared/communities';

export type CommunityPatch = Partial<Omit<CommunityInput, 'postingLimits' | 'rules'>> & {
  postingLimits?: Partial<CommunityInput['postingLimits']>;
  rules?: Partial<CommunityInput['rules']>;
};

// A partial edit must not fill in defaults, or sending {members} would wipe the description.
const withoutDefault = (schema: z.ZodType): z.ZodType =>
  schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault ? (schema.unwrap() as z.ZodType) : schema;

const optionalFields = (shape: Record<string, z.ZodType>) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, withoutDefault(schema).optional()]));

const nested = (schema: z.ZodType) =>
  z.strictObject(optionalFields((withoutDefault(schema) as z.ZodObject).shape)).optional();

/** PATCH body: any fields of communityInputSchema, nested rules and postingLimits field by field. */
export const communityPatchSchema = z.strictObject({
  ...optionalFields(communityInputSchema.shape),
  postingLimits: nested(communityInputSchema.shape.postingLimits),
  rules: nested(communityInputSchema.shape.rules),
}) as unknown as z.ZodType<CommunityPatch>;

export function mergePatch(current: CommunityInput, patch: CommunityPatch): unknown {
  return {
    ...current,
    ...patch,
    postingLimits: { ...current.postingLimits, ...patch.postingLimits },
    rules: { ...current.rules, ...patch.rules },
  };
}

const locationNames: Record<string, string> = {
  body: 'body',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/**
 * Turns one zod issue (as fastify-type-provider-zod reports it) into a sentence that names the field,
 * e.g. "theme: Invalid option: expected one of \"light\"|\"dark\"".
 */
export function describeValidationIssue(
  context: string | undefined,
  instancePath: string,
  issueMessage: string | undefined,
  params: Record<string, unknown> | undefined,
): { field: string | undefined; message: string } {
  const pathParts = instancePath.split('/').filter(Boolean);
  const unknownKeys = Array.isArray(params?.keys) ? (params.keys as string[]) : undefined;
  if (unknownKeys?.length) {
    const field = [...pathParts, unknownKeys[0]].join('.');
    return { field, message: `${field}: this field is not allowed. Remove it and try again.` };
  }
  const field = pathParts.length ? pathParts.join('.') : undefined;
  const where = locationNames[context ?? 'body'] ?? 'request';
  const detail = issueMessage ?? 'is invalid';
  return { field, message: field ? `${field}: ${detail}` : `Invalid ${where}: ${detail}` };
}

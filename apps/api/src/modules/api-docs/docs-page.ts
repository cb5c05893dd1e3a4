/** Minimal shape of the generated document this page reads. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const code = (text: string) => `<code>${escapeHtml(text)}</code>`;
/** Markdown's `code` spans, the only markup the document's descriptions use. */
const withCode = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const schemaBlock = (schema: unknown) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function renderOperation(method: string, path: string, operation: OpenApiOperation): string {
  const parts = [
    `<h2 id="${escapeHtml(`${method}-${path}`)}"><span class="method">${method.toUpperCase()}</span> ${code(path)}</h2>`,
  ];
  if (operation.summary) parts.push(`<p>${escapeHtml(operation.summary)}</p>`);
  if (operation.description) parts.push(`<p>${withCode(operation.description)}</p>`);
  if (operation.parameters?.length) {
    const rows = operation.parameters
      .map(
        (p) =>
          `<tr><td>${code(p.name)}</td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${code(JSON.stringify(p.schema ?? {}))}</td></tr>`,
      )
      .join('');
    parts.push(
      `<h3>Parameters</h3><table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr>${rows}</table>`,
    );
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  if (body) parts.push(`<h3>Request body (JSON)</h3>${schemaBlock(body)}`);
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const schema = response.content?.['application/json']?.schema;
    parts.push(
      `<h3>Response ${escapeHtml(status)}</h3>${schema ? schemaBlock(schema) : `<p>${escapeHtml(response.description ?? '')}</p>`}`,
    );
  }
  return `<section>${parts.join('\n')}</section>`;
}

/**
 * A readable page rendered on the server from the OpenAPI document: no script and nothing from
 * another origin, so it works under the app's Content-Security-Policy (self only).
 */
export function renderDocsPage(document: OpenApiDocument): string {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );
  const index = operations
    .map(
      ({ method, path, operation }) =>
        `<li><a href="#${escapeHtml(`${method}-${path}`)}">${method.toUpperCase()} ${escapeHtml(path)}</a> — ${escapeHtml(operation.summary ?? '')}</li>`,
    )
    .join('');
  const description = withCode(document.info.description ?? '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1f2933; }
pre { background: #f5f7fa; padding: 0.75rem; overflow-x: auto; font-size: 0.85rem; border-radius: 6px; }
code { font-size: 0.9em; }
table { border-collapse: collapse; } td, th { border: 1px solid #d9e2ec; padding: 0.25rem 0.5rem; text-align: left; }
section { border-top: 1px solid #d9e2ec; margin-top: 2rem; }
.method { display: inline-block; min-width: 4rem; font-weight: 700; }
</style>
</head>
<body>
<h1>${escapeHtml(document.info.title)} <small>v${escapeHtml(document.info.version)}</small></h1>
<p>${description}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3).</p>
<h2>Authentication</h2>
<p>Send your key in every request: ${code('Authorization: Bearer cs_live_…')}. Keys work only on the operations below,
need no CSRF token and no cookie. A revoked or unknown key answers 401; a key of an account no longer on Pro, or of a
restricted account, answers 403.</p>
<pre>curl -H "Authorization: Bearer $API_KEY" ${escapeHtml('https://your-host')}/api/media</pre>
<h2>Operations</h2>
<ul>${index}</ul>
${operations.map(({ method, path, operation }) => renderOperation(method, path, operation)).join('\n')}
</body>
</html>`;
}

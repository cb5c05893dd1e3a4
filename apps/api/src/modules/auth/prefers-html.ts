/** The q value the Accept header gives a media type, taking the most specific matching range. */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { specificity, q: Number.isFinite(q) ? q : 0 };
  }
  return best.q;
}

/**
 * True when a browser navigated here (Accept ranks text/html above JSON). fetch() sends JSON or
 * a bare wildcard, which ranks both the same and keeps the JSON answer.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, 'text/html');
  return html > 0 && html > quality(accept, 'application/json');
}

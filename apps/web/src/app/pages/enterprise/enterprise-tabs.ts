export const enterpriseTabs = ['ai-studio', 'media', 'scheduler', 'billing'] as const;
export type EnterpriseTab = (typeof enterpriseTabs)[number];

export function isEnterpriseTab(value: string | null): value is EnterpriseTab {
  return enterpriseTabs.some((tab) => tab === value);
}

/** docs/product.md#pages-and-navigation: ?tab picks the tab; a bare ?scheduler flag (older links) also opens the scheduler. */
export function tabFromSearch(params: URLSearchParams): EnterpriseTab {
  const tab = params.get('tab');
  if (isEnterpriseTab(tab)) return tab;
  return params.has('scheduler') ? 'scheduler' : 'ai-studio';
}

import { describe, expect, it } from 'vitest';
import { makeCommunity } from '../testing/community-fixtures';
import {
  applyFilters,
  defaultFilters,
  filterCommunities,
  hasActiveFilters,
  sortCommunities,
} from './community-filters';

const names = (list: Array<{ name: string }>) => list.map((community) => community.name);

describe('filterCommunities (spec 5)', () => {
  const list = [
    makeCommunity({
      name: 'RedheadBeauties',
      displayName: 'Redheads',
      description: 'Ginger pride',
      category: 'appearance',
    }),
    makeCommunity({
      name: 'gymgirls',
      displayName: 'Gym Girls',
      description: 'Lifting and REDHEAD energy',
      category: 'fitness',
      promotionAllowed: 'yes',
      verificationRequired: true,
    }),
    makeCommunity({
      name: 'cosplaybabes',
      displayName: 'Cosplay',
      description: 'Costumes',
      category: 'cosplay',
      promotionAllowed: 'no',
    }),
  ];

  it('searches name, displayName and description case-insensitively, trimming the query', () => {
    expect(names(filterCommunities(list, { ...defaultFilters, search: '  redhead ' }))).toEqual([
      'RedheadBeauties',
      'gymgirls',
    ]);
    expect(names(filterCommunities(list, { ...defaultFilters, search: 'GYM GIRLS' }))).toEqual(['gymgirls']);
    expect(names(filterCommunities(list, { ...defaultFilters, search: 'costumes' }))).toEqual([
      'cosplaybabes',
    ]);
    expect(filterCommunities(list, { ...defaultFilters, search: 'nothing like it' })).toEqual([]);
  });

  it('matches category and promotion exactly', () => {
    expect(names(filterCommunities(list, { ...defaultFilters, category: 'fitness' }))).toEqual(['gymgirls']);
    expect(names(filterCommunities(list, { ...defaultFilters, promotion: 'no' }))).toEqual(['cosplaybabes']);
    expect(filterCommunities(list, { ...defaultFilters, category: 'fitness', promotion: 'no' })).toEqual([]);
  });

  it("maps verification 'required' and 'not-required' to the boolean", () => {
    expect(names(filterCommunities(list, { ...defaultFilters, verification: 'required' }))).toEqual([
      'gymgirls',
    ]);
    expect(names(filterCommunities(list, { ...defaultFilters, verification: 'not-required' }))).toEqual([
      'RedheadBeauties',
      'cosplaybabes',
    ]);
  });

  it('knows when filters narrow the list (the sort does not)', () => {
    expect(hasActiveFilters(defaultFilters)).toBe(false);
    expect(hasActiveFilters({ ...defaultFilters, sort: 'name', search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...defaultFilters, promotion: 'yes' })).toBe(true);
  });
});

describe('sortCommunities (spec 5)', () => {
  const list = [
    makeCommunity({
      name: 'beta',
      successProbability: null,
      engagementRate: 9,
      members: 50,
      averageUpvotes: null,
    }),
    makeCommunity({
      name: 'Alpha',
      successProbability: 60,
      engagementRate: 2,
      members: 5_000,
      averageUpvotes: 10,
    }),
    makeCommunity({
      name: 'gamma',
      successProbability: 91.5,
      engagementRate: 4,
      members: 900,
      averageUpvotes: 300,
    }),
    makeCommunity({
      name: 'delta',
      successProbability: 0,
      engagementRate: 4,
      members: 900,
      averageUpvotes: 0,
    }),
  ];

  it('defaults to success, highest first, a missing rate counting as 0', () => {
    expect(defaultFilters.sort).toBe('success');
    // beta (missing) and delta (0) tie at 0 and fall back to the name.
    expect(names(sortCommunities(list, 'success'))).toEqual(['gamma', 'Alpha', 'beta', 'delta']);
  });

  it('sorts engagement, members and upvotes descending (missing upvotes as 0)', () => {
    expect(names(sortCommunities(list, 'engagement'))).toEqual(['beta', 'delta', 'gamma', 'Alpha']);
    expect(names(sortCommunities(list, 'members'))).toEqual(['Alpha', 'delta', 'gamma', 'beta']);
    expect(names(sortCommunities(list, 'upvotes'))).toEqual(['gamma', 'Alpha', 'beta', 'delta']);
  });

  it('sorts name ascending regardless of case, without touching the input', () => {
    const before = names(list);
    expect(names(sortCommunities(list, 'name'))).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    expect(names(list)).toEqual(before);
  });

  it('filters, then sorts', () => {
    expect(names(applyFilters(list, { ...defaultFilters, search: 'a', sort: 'members' }))).toEqual([
      'Alpha',
      'delta',
      'gamma',
      'beta',
    ]);
    expect(names(applyFilters(list, { ...defaultFilters, search: 'ta', sort: 'name' }))).toEqual([
      'beta',
      'delta',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { readFilters, scheduledTasksSearch, writeFilters } from './tracking-query.ts';

describe('tracking query', () => {
  it('builds the API query string from the filters, leaving out defaults but always sending page and size', () => {
    expect(scheduledTasksSearch({ search: '', status: 'all', projectType: 'all', page: 1 })).toBe('page=1&pageSize=50');
    expect(scheduledTasksSearch({ search: '  A 10 ', status: 'in_progress', projectType: 'construction', page: 3 })).toBe(
      'search=A+10&status=in_progress&projectType=construction&page=3&pageSize=50',
    );
  });

  it('reads the URL defensively and writes it back without defaults', () => {
    expect(readFilters(new URLSearchParams('status=bogus&page=-2&q=x'))).toEqual({
      search: 'x',
      status: 'all',
      projectType: 'all',
      page: 1,
    });
    expect(readFilters(new URLSearchParams('status=completed&page=4&type=hotel'))).toEqual({
      search: '',
      status: 'completed',
      projectType: 'hotel',
      page: 4,
    });
    expect(writeFilters({ search: 'dana', status: 'pending', projectType: 'all', page: 1 }).toString()).toBe('q=dana&status=pending');
  });
});

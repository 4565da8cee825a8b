import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { filterByCategory, toggleCategory } from '../src/features/market/category-filter';
import { CategoryChips } from '../src/features/market/components/category-chips';
import { setupTestI18n } from './i18n-helper';

const categories = [
  { Id: 1, Key: 'forex', NameShowTrans: 'Forex' },
  { Id: 2, Key: 'metals', NameShowTrans: 'Metals' },
];

describe('category chips (spec §2 home)', () => {
  beforeAll(async () => {
    await setupTestI18n();
  });
  afterEach(cleanup);

  it('toggle: a tap selects, a tap on the active chip deselects (all)', () => {
    expect(toggleCategory(null, 1)).toBe(1);
    expect(toggleCategory(1, 2)).toBe(2);
    expect(toggleCategory(2, 2)).toBeNull();
  });

  it('filters by the active category, everything when none', () => {
    const items = [
      { Id: 10, CategoryId: 1 },
      { Id: 11, CategoryId: 2 },
      { Id: 12, CategoryId: 1 },
    ];
    expect(filterByCategory(items, null)).toHaveLength(3);
    expect(filterByCategory(items, 1).map((i) => i.Id)).toEqual([10, 12]);
  });

  it('renders pressed state and toggles on tap', () => {
    function Harness() {
      const [active, setActive] = useState<number | null>(null);
      return <CategoryChips categories={categories} active={active} onChange={setActive} />;
    }
    render(<Harness />);
    const forex = screen.getByRole('button', { name: 'Forex' });
    expect(forex.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(forex);
    expect(forex.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Metals' }));
    expect(forex.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Metals' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Metals' }));
    expect(screen.getByRole('button', { name: 'Metals' }).getAttribute('aria-pressed')).toBe('false');
  });
});

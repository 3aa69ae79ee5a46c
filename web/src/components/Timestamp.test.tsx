import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullDate } from '../lib/time';
import { Timestamp } from './Timestamp';

describe('Timestamp', () => {
  it('says how long ago, with the full date as its tooltip', () => {
    const iso = new Date(Date.now() - 5 * 60_000).toISOString();
    render(<Timestamp iso={iso} />);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(iso);
    expect(time.getAttribute('title')).toBe(fullDate(new Date(iso)));
  });
});

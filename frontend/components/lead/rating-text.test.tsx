import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingText } from './rating-text';

describe('RatingText', () => {
  it('shows the star and count, and says it as a sentence to a screen reader', () => {
    const { container } = render(
      <RatingText rating={{ kind: 'rated', average: 4.8, count: 12 }} />,
    );
    expect(container).toHaveTextContent('★ 4.8 (12 ratings)');
    expect(screen.getByText('Rated 4.8 out of 5 from 12 ratings')).toHaveClass('sr-only');
  });

  it('shows "New" for a hauler with too few ratings', () => {
    const { container } = render(<RatingText rating={{ kind: 'new', count: 2 }} />);
    expect(container).toHaveTextContent(/^New/);
    expect(container).not.toHaveTextContent('★');
  });
});

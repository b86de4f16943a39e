import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CityLinks } from './city-links';

describe('CityLinks', () => {
  it("labels each link 'Get started →', points it at the city's path and names the city", () => {
    render(
      <MemoryRouter>
        <CityLinks
          title="Cities We Serve in Alabama"
          cities={[
            { name: 'Birmingham', zip: '35201', path: '/?zip=35201' },
            { name: 'Mobile', zip: '36601', path: '/?zip=36601' },
          ]}
        />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Get started →', 'Get started →']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/?zip=35201', '/?zip=36601']);
    expect(links[0]).toHaveAccessibleDescription('Birmingham');
    expect(links[1]).toHaveAccessibleDescription('Mobile');
  });
});

import { describe, expect, it } from 'vitest';
import { fullAddress, nextStep } from './next-step';

const can = (onMyWay: boolean, done: boolean) => ({
  can: {
    address: false,
    onMyWay,
    done,
    cantDo: false,
    priceChange: false,
    decidePrice: false,
    report: false,
    rate: false,
  },
});

describe('the next step of a job', () => {
  it('is "on my way" while the hauler has not left, even when done is also allowed', () => {
    expect(nextStep(can(true, true))).toBe('on-my-way');
  });

  it('is "done" once the hauler is on the way', () => {
    expect(nextStep(can(false, true))).toBe('done');
  });

  it('is nothing once the job is done or cancelled', () => {
    expect(nextStep(can(false, false))).toBeUndefined();
  });
});

describe('the full address', () => {
  it('is the street with the request’s city, state and ZIP', () => {
    expect(
      fullAddress('1550 Larimer St', { city: 'Denver', state: 'Colorado', zipCode: '80202' }),
    ).toBe('1550 Larimer St, Denver, Colorado 80202');
  });
});

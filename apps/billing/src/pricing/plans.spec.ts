import { proPrice } from './plans';

describe('proPrice', () => {
  it('prices Pro by the month or by the year, the year being $60 cheaper than twelve months', () => {
    expect(proPrice('month')).toEqual({ price: '$25', period: 'per month' });
    expect(proPrice('year')).toEqual({ price: '$240', period: 'per year' });
    expect(12 * 25 - 240).toBe(60);
  });
});

import * as v from 'valibot';
import { listOf } from 'shared-store';
import { course, ticketEvent } from './shapes';

describe('the home remote’s shapes, as its pages, renderers and head readers read them', () => {
  it('a card keeps its id and title when another field is malformed: that field reads as empty', () => {
    const [card] = v.parse(listOf(course), [
      { id: 2105, title: 'MRCGP AKT Course', excerpt: 7, exam: { name: 'MRCGP' }, image: 'none' },
    ]);
    expect(card).toMatchObject({ id: 2105, title: 'MRCGP AKT Course', excerpt: '', exam: '' });
    expect(card?.image).toEqual({ url: '' });
  });

  it('a price sent as a number reads as its decimal text; anything else as none', () => {
    const prices = v.parse(listOf(course), [
      { id: 1, title: 'A', price: 120 },
      { id: 2, title: 'B', price: '49.00' },
      { id: 3, title: 'C', price: { amount: 5 } },
    ]);
    expect(prices.map((entry) => entry.price)).toEqual(['120', '49.00', '']);
  });

  it('an entry without what makes it is left out of its list', () => {
    expect(v.parse(listOf(course), [{ id: 'x', title: 'A' }, { id: 1 }])).toEqual([]);
  });

  it('an event’s places left are a whole number, or unknown', () => {
    const events = v.parse(listOf(ticketEvent), [
      { id: 1, title: 'A', tickets_available: 3 },
      { id: 2, title: 'B', tickets_available: 'many' },
    ]);
    expect(events.map((event) => event.tickets_available)).toEqual([3, undefined]);
  });
});

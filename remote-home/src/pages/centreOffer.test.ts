import { centreOffer, type Centre } from './centreOffer';
import type { TicketEvent } from './reads';
import { MSRA_BIRMINGHAM, PLAB_2_MANCHESTER, PLAB_2_LONDON_SOLD_OUT } from '../testSupport';

const LONDON: Centre = {
  id: 1,
  title: 'PLAB 2 preparation in London',
  city: 'London',
  next_dates: ['2027-02-06', '2027-03-06'],
};

const UKMLA_LONDON = {
  ...PLAB_2_LONDON_SOLD_OUT,
  id: 2310,
  title: 'UKMLA CPSA Mock Day — London',
  slug: 'ukmla-cpsa-mock-day-london',
  date: '2027-02-06',
  tickets_available: 24,
};

const PLAB_2_LONDON_MARCH = {
  ...PLAB_2_LONDON_SOLD_OUT,
  id: 2311,
  slug: 'plab-2-mock-circuit-london-march',
  date: '2027-03-06',
  tickets_available: 16,
};

const datesOf = (centre: Centre, events: TicketEvent[]) =>
  centreOffer(centre, events).dates.map((day) => [day.date, day.events.map((event) => event.id)]);

describe('a centre’s offer', () => {
  it('books each listed date with its event of the centre’s exam held there that day', () => {
    expect(datesOf(LONDON, [PLAB_2_LONDON_MARCH])).toEqual([
      ['2027-02-06', []],
      ['2027-03-06', [PLAB_2_LONDON_MARCH.id]],
    ]);
  });

  it('leaves a listed date without an event of its exam open to say that booking opens soon, and offers another exam’s event that day only apart, under its exam', () => {
    const offer = centreOffer(LONDON, [UKMLA_LONDON]);
    expect(offer.exam).toBe('PLAB');
    expect(offer.dates).toEqual([
      { date: '2027-02-06', events: [] },
      { date: '2027-03-06', events: [] },
    ]);
    expect(offer.others).toEqual([{ exam: 'UKMLA', events: [UKMLA_LONDON] }]);
  });

  it('adds the dates of its exam’s events held there that it does not list, soonest first', () => {
    expect(datesOf(LONDON, [PLAB_2_LONDON_MARCH, PLAB_2_LONDON_SOLD_OUT])).toEqual([
      ['2027-01-09', [PLAB_2_LONDON_SOLD_OUT.id]],
      ['2027-02-06', []],
      ['2027-03-06', [PLAB_2_LONDON_MARCH.id]],
    ]);
  });

  it('takes only the events held at the centre: naming it, or in its city', () => {
    const elsewhere = { ...PLAB_2_MANCHESTER, date: '2027-02-06' };
    const namedHere = { ...elsewhere, id: 2312, location: 'Central London', location_id: 1 };
    expect(datesOf(LONDON, [elsewhere, namedHere, MSRA_BIRMINGHAM])).toEqual([
      ['2027-02-06', [namedHere.id]],
      ['2027-03-06', []],
    ]);
  });

  it('groups the other exams’ events by exam in the shop’s order, events of no exam last', () => {
    const msraHere = { ...MSRA_BIRMINGHAM, location: 'London', location_id: 1, date: '2027-05-01' };
    const noExam = { ...UKMLA_LONDON, id: 2313, title: 'Open day', slug: 'open-day' };
    const earlierUkmla = { ...UKMLA_LONDON, id: 2314, date: '2027-01-20' };
    const offer = centreOffer(LONDON, [noExam, msraHere, UKMLA_LONDON, earlierUkmla]);
    expect(offer.others.map((group) => [group.exam, group.events.map((e) => e.id)])).toEqual([
      ['UKMLA', [earlierUkmla.id, UKMLA_LONDON.id]],
      ['MSRA', [msraHere.id]],
      [undefined, [noExam.id]],
    ]);
    expect(offer.dates.flatMap((day) => day.events)).toEqual([]);
  });

  it('at a centre whose title names no exam, books by date the events naming none, and each exam’s apart', () => {
    const centre = { ...LONDON, title: 'Our London centre', next_dates: [] };
    const openDay = { ...UKMLA_LONDON, id: 2315, title: 'Open day', slug: 'open-day' };
    const offer = centreOffer(centre, [UKMLA_LONDON, openDay]);
    expect(offer.dates).toEqual([{ date: openDay.date, events: [openDay] }]);
    expect(offer.others).toEqual([{ exam: 'UKMLA', events: [UKMLA_LONDON] }]);
  });

  it('lists each day once, and a date that is no day as written, last', () => {
    const centre = { ...LONDON, next_dates: ['Spring 2027', '2027-03-06', '2027-03-06'] };
    expect(datesOf(centre, [PLAB_2_LONDON_MARCH])).toEqual([
      ['2027-03-06', [PLAB_2_LONDON_MARCH.id]],
      ['Spring 2027', []],
    ]);
  });
});

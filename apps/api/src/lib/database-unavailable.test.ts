import { expect, test } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

// The shapes node-postgres, PGlite and the ORM give their errors (the outage tests produce the
// real ones; this pins down the classification of each kind).
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

test('connection failures, shutdowns, timeouts and cancelled statements mean "unavailable"', () => {
  for (const error of [
    withCode('ECONNREFUSED'),
    withCode('ETIMEDOUT'),
    withCode('ECONNRESET'),
    withCode('57P01', 'terminating connection due to administrator command'),
    withCode('57P03', 'the database system is starting up'),
    withCode('08006', 'connection failure'),
    withCode('08001'),
    withCode('57014', 'canceling statement due to statement timeout'),
    withCode('53300', 'too many connections'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Connection terminated due to connection timeout'),
    new Error('Connection terminated unexpectedly'),
    new Error('Query read timeout'),
    new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    new Error('Failed query: select 1', { cause: withCode('57P01') }),
  ]) {
    expect(isDatabaseUnavailable(error), String(error.message || error)).toBe(true);
  }
});

test('errors about the request itself are not outages', () => {
  for (const error of [
    withCode('23505', 'duplicate key value violates unique constraint'),
    withCode('22P02', 'invalid input syntax for type integer'),
    withCode('42P01', 'relation does not exist'),
    new Error('Failed query: insert', { cause: withCode('23503') }),
    new Error('Connection details in a product description'),
    undefined,
    'a string',
  ]) {
    expect(isDatabaseUnavailable(error)).toBe(false);
  }
});

/**
 * The API envelope as every page reads it (src/shared/envelope.ts): what counts as an envelope, a
 * 422's field messages, and the one sentence a refusal shows.
 */
import { describe, expect, it } from 'vitest';
import { asEnvelope, envelopeMessage, fieldErrorsOf } from '@/shared/envelope';

describe('the API envelope', () => {
  it('is a body with a numeric code; anything else (an HTML error page, a bare string) is none', () => {
    expect(asEnvelope({ code: 201, message: '遊戲已結束', data: null })).toEqual({ code: 201, message: '遊戲已結束', data: null });
    expect(asEnvelope({ code: 200, data: { id: 1 } })).toEqual({ code: 200, message: '', data: { id: 1 } });
    expect(asEnvelope({ code: '200', message: 'ok' })).toBeNull();
    expect(asEnvelope('<html>')).toBeNull();
    expect(asEnvelope(null)).toBeNull();
  });

  it("reads a 422's messages by field, and none from another code or a malformed data", () => {
    const refused = { code: 422, message: 'Validation failed', data: { errors: { nickname: ['Too long', 'Taken'], pin: ['6 digits'] } } };
    expect(fieldErrorsOf(refused)).toEqual({ nickname: ['Too long', 'Taken'], pin: ['6 digits'] });
    expect(fieldErrorsOf({ code: 422, message: 'x', data: { errors: ['not', 'by', 'field'] } })).toEqual({});
    expect(fieldErrorsOf({ code: 422, message: 'x', data: null })).toEqual({});
  });

  it("shows a 422's first field message, else the envelope's own", () => {
    expect(envelopeMessage({ code: 422, message: 'Validation failed', data: { errors: { nickname: ['暱稱太長'] } } })).toBe('暱稱太長');
    expect(envelopeMessage({ code: 422, message: 'Validation failed', data: { errors: {} } })).toBe('Validation failed');
    expect(envelopeMessage({ code: 201, message: 'The game has ended', data: { errors: { x: ['ignored'] } } })).toBe('The game has ended');
    expect(envelopeMessage({ code: 500, message: '', data: null })).toBe('');
  });
});

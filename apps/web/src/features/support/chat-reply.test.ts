import { MESSAGES } from '@parkly/shared/constants';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { failureText, replyText } from './chat-reply';

describe('chat replies', () => {
  it('shows the data when success is true', () => {
    expect(replyText({ success: true, data: 'Hello!' })).toBe('Hello!');
  });

  it('shows the spec error when success is not true', () => {
    expect(replyText({ success: false, data: 'x' })).toBe('Error: Unable to fetch response.');
    expect(replyText(undefined)).toBe(MESSAGES.chatReplyError);
  });

  it('shows the network error when the server cannot be reached', () => {
    expect(failureText(new ApiError(0, { message: 'Network issue' }))).toBe('Error: Network issue or server is unavailable.');
    expect(failureText(new TypeError('Failed to fetch'))).toBe(MESSAGES.chatNetworkError);
    expect(failureText(new ApiError(503, { message: 'down', code: 'UNAVAILABLE' }))).toBe(MESSAGES.chatNetworkError);
  });

  it('shows the reply error for a refused question', () => {
    expect(failureText(new ApiError(400, { message: 'Type a message', code: 'VALIDATION' }))).toBe(MESSAGES.chatReplyError);
  });
});

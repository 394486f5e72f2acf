import { MESSAGES } from '@parkly/shared/constants';
import type { ChatbotAnswer } from '@parkly/shared/content';
import { ApiError } from '../../lib/api-client';

export interface ChatMessage {
  id: number;
  text: string;
  sender: 'user' | 'bot';
}

/** The bot's line for an answer: its text when success is true, otherwise the spec's error (SPEC 8). */
export function replyText(answer: Partial<ChatbotAnswer> | undefined): string {
  return answer?.success === true && typeof answer.data === 'string' ? answer.data : MESSAGES.chatReplyError;
}

/** The bot's line when the call failed: no network or a server that is down, or else a refused question. */
export function failureText(err: unknown): string {
  if (err instanceof ApiError) return err.code === 'NETWORK' || err.status >= 500 ? MESSAGES.chatNetworkError : MESSAGES.chatReplyError;
  return MESSAGES.chatNetworkError;
}

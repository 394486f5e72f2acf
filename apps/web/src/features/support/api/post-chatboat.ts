import type { ChatbotAnswer } from '@parkly/shared/content';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST chatboat {message}: the support bot answers {success, data}. */
export const postChatboat = (message: string) => apiFetch<ChatbotAnswer>('chatboat', { method: 'POST', body: { message } });

/** Nothing is cached: every message is a new question. */
export const useChatboat = () => useMutation({ mutationFn: postChatboat });

import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@parkly/shared/content';
import { apiFetch } from '../../../lib/api-client';

/** POST contact: a message to the support team. */
export const sendContact = (input: ContactInput) => apiFetch<{ message: string }>('contact', { method: 'POST', body: input });

export const useSendContact = () => useMutation({ mutationFn: sendContact });

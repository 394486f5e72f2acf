import type { ChatMessage } from '@parkly/shared/chat';
import { describe, expect, it } from 'vitest';
import { mineWithText, unechoed, type PendingMessage } from './message-list';

const ME = 'u-me';
const OTHER = 'u-other';
let id = 0;
const msg = (sender: string, text: string): ChatMessage => ({ id: String((id += 1)), room_id: 'r1', sender_id: sender, text, created_at: '2026-11-29T10:00:00.000Z' });
const pendingOf = (history: ChatMessage[], sent: PendingMessage[], text: string, key: string): PendingMessage => ({
  key,
  text,
  failed: false,
  baseline: mineWithText(history, OTHER, text) + sent.filter((p) => !p.failed && p.text.trim() === text.trim()).length,
});

describe('a message being sent', () => {
  it('is shown once: hidden as soon as the history holds it (the live event before the send answers)', () => {
    const history = [msg(OTHER, 'Is it free?')];
    const p = pendingOf(history, [], 'Yes, it is free. ', 'p1');
    expect(unechoed(history, OTHER, [p])).toEqual([p]);
    expect(unechoed([...history, msg(ME, 'Yes, it is free.')], OTHER, [p])).toEqual([]);
  });

  it('is not hidden by an earlier message of mine with the same text, nor by the other person saying it', () => {
    const history = [msg(ME, 'ok'), msg(OTHER, 'ok')];
    const p = pendingOf(history, [], 'ok', 'p1');
    expect(unechoed([...history, msg(OTHER, 'ok')], OTHER, [p])).toEqual([p]);
  });

  it('two sends of the same text: the first echo hides the first only', () => {
    const history: ChatMessage[] = [];
    const p1 = pendingOf(history, [], 'on my way', 'p1');
    const p2 = pendingOf(history, [p1], 'on my way', 'p2');
    expect(unechoed([msg(ME, 'on my way')], OTHER, [p1, p2])).toEqual([p2]);
    expect(unechoed([msg(ME, 'on my way'), msg(ME, 'on my way')], OTHER, [p1, p2])).toEqual([]);
  });

  it('a failed send stays to be retried', () => {
    const p = { ...pendingOf([], [], 'hello', 'p1'), failed: true };
    expect(unechoed([msg(ME, 'hello')], OTHER, [p])).toEqual([p]);
  });
});

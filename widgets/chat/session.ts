/** @module widgets/chat/session — one visitor id per browser, one session per visitor and flow (localStorage). */
import { newId } from '../shared/api.ts';

function stored(key: string, make: () => string): string {
  try {
    const found = localStorage.getItem(key);
    if (found) return found;
    const made = make();
    localStorage.setItem(key, made);
    return made;
  } catch {
    return make(); // storage blocked: a session for this page view only
  }
}

export function visitorSession(flowId: string): { userId: string; sessionId: string } {
  return {
    userId: stored('weft-chat:visitor', () => newId('visitor')),
    sessionId: stored(`weft-chat:session:${flowId}`, () => newId('session')),
  };
}

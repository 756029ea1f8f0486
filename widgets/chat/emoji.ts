/** @module widgets/chat/emoji — the few emoji the emoji button offers. */
export const EMOJI = ['😀', '😂', '😊', '😍', '🤔', '😢', '😮', '👍', '👎', '🙏', '👏', '🎉', '❤️', '🔥', '✅', '❓'];

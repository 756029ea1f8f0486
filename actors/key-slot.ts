/**
 * @module actors/key-slot — the Redis Cluster hash slot of a key (CRC16/XMODEM of its hash tag
 * or whole name, mod 16384), as CLUSTER KEYSLOT computes it: how the activation queues pick
 * hash tags that fall on different shards.
 */

const table = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

function crc16(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) & 0xffff) ^ table[((crc >> 8) ^ byte) & 0xff];
  return crc;
}

/** The slot (0 … 16383) of `key`: only the part in its first non-empty `{…}` counts. */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  const close = open >= 0 ? key.indexOf('}', open + 1) : -1;
  const hashed = close > open + 1 ? key.slice(open + 1, close) : key;
  return crc16(Buffer.from(hashed)) % 16384;
}

/** @module editor/canvas/socket-view — a connection point: a small ring the builder drags from or to. */
export function SocketView() {
  return <div className="ws" data-testid="socket" />;
}

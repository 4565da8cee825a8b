/**
 * What the market needs from the socket layer to push frames (the socket gateway's `TopicHub`
 * satisfies it): the market owns this interface so it never imports the layer above it.
 */
export interface FramePublisher {
  /** Whether anyone listens on `topic` (a frame nobody reads is not built). */
  hasSubscribers(topic: string): boolean;
  /** Sends one frame to `topic`'s listeners; `key` says what it describes, `build` serialises it once. */
  publish(topic: string, key: string, build: () => string): void;
}

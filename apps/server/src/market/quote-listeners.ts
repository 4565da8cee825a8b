import type { Quote, QuoteListener } from './types.ts';

/**
 * A feed's quote listeners (every feed has the same list): each quote reaches every listener in
 * order, and one that throws is reported without keeping the quote from the others.
 */
export class QuoteListeners {
  private readonly listeners: QuoteListener[] = [];

  constructor(
    private readonly onError: (error: unknown) => void = (error) =>
      console.error('quote listener failed', error),
  ) {}

  /** Adds a listener; returns the function that removes it. */
  add(listener: QuoteListener): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  emit(quote: Quote): void {
    for (let i = 0; i < this.listeners.length; i++) {
      try {
        this.listeners[i]!(quote);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

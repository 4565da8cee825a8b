import type { ExactRateSource } from '@meridian/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { FencedWriter } from '../db/fenced-writer.ts';
import { IdTable } from '../lib/id-table.ts';
import type { InstrumentRecord } from '../market/market-runtime.ts';
import type { Quote } from '../market/types.ts';
import { AccountBook } from './account-book.ts';
import { AccountOrders } from './account-orders.ts';
import { CopyBook } from './copy/copy-book.ts';
import { ExactMarket } from './exact-market.ts';
import { batchLanded, type JournalBatch, writeJournalBatch } from './journal.repository.ts';
import { Journal } from './journal.ts';
import type { LiveOrder } from './live-order.ts';
import { OrderIds } from './order-ids.ts';
import type { PositionTable } from './position-table.ts';
import { RevaluationArena } from './revaluation/revaluation-arena.ts';
import { type TriggerIndex, TriggerSets } from './trigger-index.ts';
import { freshRate } from './valuation.ts';

export interface EngineMarket {
  instrumentById(id: number): InstrumentRecord | undefined;
  instruments(): readonly InstrumentRecord[];
  latest(id: number): Quote | undefined;
  status(id: number): 0 | 1;
  /** How old a quote may be and still price an order (a few of the instrument's tick intervals). */
  maxQuoteAgeMs(id: number): number;
  /**
   * Whether the latest quote is the market's price now, for valuing positions before money leaves
   * (a price feed that can be away says so; without it every latest quote counts).
   */
  pricedNow?(id: number): boolean;
  /**
   * Whether the instrument takes new orders and fills pending ones (`takesOrders`: listed, in a
   * listed category); without it, the instrument's own `enabled` flag decides.
   */
  takesOrders?(id: number): boolean;
}

/** Read on the hot path, so synchronous (the server backs them with LiveSettings). */
export interface EngineSettings {
  feeType(): number;
  stopOutLevel(): string;
  marginCallLevel(): string;
}

export interface EngineEvents {
  /** Orders that ended (closed, cancelled): FOREX_CLOSED for their owner. */
  ordersEnded(userId: number, ids: number[]): void;
  /** Something about the user's positions or money changed: recompute and push FOREX_TRADE. */
  accountTouched(userId: number): void;
  /**
   * Money frozen for the user's withdrawals under review covered a trading loss (durable now): the
   * wallet settles those requests against what is still frozen.
   */
  frozenAppliedToLoss?(userId: number): void;
}

export interface EngineDeps {
  db: Db;
  now: () => number;
  market: EngineMarket;
  settings: EngineSettings;
  events: EngineEvents;
  log: FastifyBaseLogger;
  /** How a journal batch is made durable; the default writes it in one database transaction. */
  writeBatch?: (batch: JournalBatch) => Promise<void>;
  /** Whether a batch whose write failed is in the database all the same; default `batchLanded`. */
  batchLanded?: (batch: JournalBatch) => Promise<boolean>;
  /**
   * The connections the default journal writes on, fenced after a lost one before anything asks the
   * database what it holds (`db/fenced-writer.ts`); by default `db` itself, which needs no fence
   * (PGlite, and tests).
   */
  writer?: Pick<FencedWriter, 'run' | 'fence'>;
  /** This server's fencing token (`bumpEngineEpoch`); every journal batch carries it. */
  epoch?: number;
  /**
   * A batch was refused because another engine took the database over (its epoch is newer): this
   * one must stop deciding orders for good (the server exits).
   */
  onSuperseded?: (err: unknown) => void;
  /**
   * How long a command waits for a recovery (a failed journal write, memory rebuilt from the
   * database) before it is refused with nothing done, and how long a failed write waits to learn
   * whether its batch landed; default 5 s. Without a bound a command would act whenever the
   * database came back, long after its caller (and its price) had gone.
   */
  recoveryWaitMs?: number;
}

export const RECOVERY_WAIT_MS = 5_000;

/**
 * Everything the engine holds, read and changed by its stages (`stages/*.ts`: plain functions over
 * this one object, so a stage's reads stay monomorphic property loads, as they were on `this`).
 * `TradingEngine` owns one and is its only public face.
 */
export class EngineState {
  /** Live orders by id (pages by id, not a Map: ADR 0007). */
  readonly live = new IdTable<LiveOrder>();
  /** Per account slot: live orders, and lots open or pending per instrument (the per-instrument limit). */
  readonly byAccount = new AccountOrders<LiveOrder>();
  /** Per instrument: triggers on the bid and on the ask. */
  readonly triggers = new Map<number, { bid: TriggerIndex; ask: TriggerIndex }>();
  /** Which trigger sets are still open, for every index of this engine. */
  triggerSets = new TriggerSets();
  /** Per instrument: open positions as flat arrays, revalued on every tick for stop-out screening. */
  readonly positions = new Map<number, PositionTable>();
  /** Account slots a tick's revaluation flagged near the stop-out level (reused on every tick). */
  readonly suspects = new Set<number>();
  /** A small dense number per instrument, in the order first seen: the index of a user's lot tallies. */
  readonly lanes = new Map<number, number>();
  /** Accounts the last rebuild's revaluation flagged, for an exact stop-out check once it may act. */
  readonly rebuiltSuspects = new Set<number>();
  /** Where the per-tick revaluation runs: the accounts' risk pairs and the position tables. */
  readonly arena = new RevaluationArena();
  /** Follows and copies (DESIGN §9): who mirrors whom, the copies of each provider order. */
  readonly copy = new CopyBook();
  readonly exact: ExactMarket;
  readonly journal: Journal;
  readonly book: AccountBook;
  readonly ids: OrderIds;
  /** Set while memory is rebuilt after a failed write (commands wait, then are refused). */
  recovering: Promise<void> | null = null;
  readonly writer: Pick<FencedWriter, 'run' | 'fence'>;
  /** The stop-out level last read from the settings, and its screen factor (`stop-out.ts`). */
  lastLevel = '';
  lastScreen = 0;
  /** USD rates for a trader's decision that charges money (`valuation.ts`: `freshRate`). */
  readonly freshRates: ExactRateSource;

  /** `onWriteFailed`: the journal's failure handler (the recovery stage). */
  constructor(
    readonly deps: EngineDeps,
    onWriteFailed: (err: unknown) => void,
  ) {
    const writer = deps.writer ?? { run: (fn) => fn(deps.db), fence: async () => {} };
    this.writer = writer;
    const write =
      deps.writeBatch ?? ((batch) => writer.run((db) => writeJournalBatch(db, batch, deps.epoch)));
    this.journal = new Journal(
      write,
      onWriteFailed,
      deps.batchLanded ??
        (async (batch) => {
          await writer.fence();
          return batchLanded(deps.db, batch);
        }),
      deps.recoveryWaitMs ?? RECOVERY_WAIT_MS,
    );
    this.book = new AccountBook(deps.db, this.journal, deps.now, this.arena);
    this.ids = new OrderIds(deps.db);
    this.exact = new ExactMarket(deps.market);
    this.freshRates = (currency) => freshRate(this, currency);
  }
}

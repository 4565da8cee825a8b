;; The per-tick revaluation of one instrument's open positions (DESIGN §4: stop-out decided on every
;; tick), as WebAssembly: the one loop of the engine that runs over every open position of an
;; instrument on every quote. In JavaScript the same loop over arrays held by an object ran ~2× the
;; time of a loop over arrays V8 could fold into its code as constants; compiled here it runs at or
;; below that (ADR 0008). Floats only screen: accounts it flags get the exact check in the engine.
;;
;; Memory (all offsets in bytes, 8-byte aligned, owned by `RevaluationArena`):
;;   open[i], units[i], last[i]  f64 per position: open price, signed units (quantity × contract
;;                               size, negative for a sell), USD profit at the previous revaluation
;;   slot[i]                     i32 per position: the account's slot in the risk pairs
;;   risk[2·slot], risk[2·slot+1] f64 per account: floating profit (USD), and the floor below which
;;                               its equity is within the screen of the stop-out level
;;
;; `revalue` moves each account's floating profit by the change of each of its positions at this
;; quote (buys close at the bid, sells at the ask; `usd` converts the quote currency). Each time an
;; account's running total is below its floor, its slot is written to `out` (i32s, at most `cap` of
;; them); it answers how many times that happened, so more than `cap` means the list is incomplete.
;;
;; Built into revalue-kernel.ts by `npm run build:wasm`; a unit test keeps the two the same.
(module
  (memory (import "arena" "memory") 1)
  (func (export "revalue")
    (param $open i32) (param $units i32) (param $last i32) (param $slot i32) (param $n i32)
    (param $risk i32) (param $bid f64) (param $ask f64) (param $usd f64)
    (param $out i32) (param $cap i32)
    (result i32)
    (local $i i32) (local $u f64) (local $v f64) (local $k i32) (local $f f64) (local $count i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $u (f64.load (i32.add (local.get $units) (i32.shl (local.get $i) (i32.const 3)))))
        ;; (close-side price − open) × units × USD per quote-currency unit
        (local.set $v
          (f64.mul
            (f64.mul
              (f64.sub
                (select (local.get $bid) (local.get $ask) (f64.gt (local.get $u) (f64.const 0)))
                (f64.load (i32.add (local.get $open) (i32.shl (local.get $i) (i32.const 3)))))
              (local.get $u))
            (local.get $usd)))
        ;; the account's pair: risk + slot × 16
        (local.set $k
          (i32.add (local.get $risk)
            (i32.shl (i32.load (i32.add (local.get $slot) (i32.shl (local.get $i) (i32.const 2))))
                     (i32.const 4))))
        (local.set $f
          (f64.add (f64.load (local.get $k))
            (f64.sub (local.get $v)
              (f64.load (i32.add (local.get $last) (i32.shl (local.get $i) (i32.const 3)))))))
        (f64.store (local.get $k) (local.get $f))
        (f64.store (i32.add (local.get $last) (i32.shl (local.get $i) (i32.const 3))) (local.get $v))
        (if (f64.lt (local.get $f) (f64.load offset=8 (local.get $k)))
          (then
            (if (i32.lt_u (local.get $count) (local.get $cap))
              (then
                (i32.store (i32.add (local.get $out) (i32.shl (local.get $count) (i32.const 2)))
                  (i32.load (i32.add (local.get $slot) (i32.shl (local.get $i) (i32.const 2)))))))
            (local.set $count (i32.add (local.get $count) (i32.const 1)))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $count)))

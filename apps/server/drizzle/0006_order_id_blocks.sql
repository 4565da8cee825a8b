-- The trading engine hands out order ids before their rows are written (it decides in memory and
-- the journal commits in batches). It reserves them a block at a time: with the sequence stepping
-- by 1000, one nextval() reserves [v, v + 999] atomically, whoever else draws from it.
ALTER SEQUENCE "orders_id_seq" INCREMENT BY 1000;

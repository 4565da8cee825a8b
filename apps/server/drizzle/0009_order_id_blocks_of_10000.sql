-- Order id blocks of 10 000 instead of 1 000 (migration 0006): at a few thousand orders a second
-- the engine fetched a block from the sequence several times a second (on the embedded database
-- each fetch runs on the server's own thread). The engine reads the step from the sequence with
-- each block it reserves, so blocks reserved before this change are still used whole.
ALTER SEQUENCE "orders_id_seq" INCREMENT BY 10000;

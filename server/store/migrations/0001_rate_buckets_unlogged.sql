-- Rate buckets need no durability: a crash that forgets them only refills them. Unlogged, a request's rate
-- check writes no WAL and waits on no flush.
ALTER TABLE "rate_buckets" SET UNLOGGED;

-- The PostgreSQL schema gifscan wrote at version 9, frozen: a database a
-- follower made, as
--   pg_dump --schema-only --no-owner --no-privileges --no-comments URL
--   pg_dump --data-only --inserts --no-owner --no-privileges --no-comments \
--     -t meta -t schema_history URL
-- printed them (comments and psql's \restrict lines taken out). Never
-- edited: tests/indexer/migrationtest.cpp has every later build's follower
-- migrate a database of it. A new version adds a file of its own.

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

CREATE TABLE public.accounts (
    address bytea NOT NULL,
    height bigint NOT NULL,
    balance bytea NOT NULL,
    nonce bigint NOT NULL,
    counters bytea NOT NULL
);

CREATE TABLE public.activity (
    id bigint NOT NULL,
    type bytea NOT NULL,
    object bigint NOT NULL,
    collection bigint NOT NULL,
    sender bytea,
    recipient bytea,
    price bytea,
    tx bytea NOT NULL,
    height bigint NOT NULL,
    "timestamp" bigint NOT NULL
);

CREATE TABLE public.blocks (
    height bigint NOT NULL,
    hash bytea NOT NULL,
    parent bytea NOT NULL,
    "timestamp" bigint NOT NULL,
    proposer bytea NOT NULL,
    object_root bytea NOT NULL,
    tx_root bytea NOT NULL,
    tx_count bigint NOT NULL,
    validators_hash bytea NOT NULL,
    holdings_root bytea NOT NULL,
    commit_sigs bytea NOT NULL
);

CREATE TABLE public.collection_holders (
    collection bigint NOT NULL,
    holder bytea NOT NULL,
    objects bigint NOT NULL
);

CREATE TABLE public.collection_listings (
    collection bigint NOT NULL,
    price bytea NOT NULL,
    object bigint NOT NULL
);

CREATE TABLE public.collection_stats (
    collection bigint NOT NULL,
    height bigint NOT NULL,
    items bigint NOT NULL,
    owners bigint NOT NULL,
    listed bigint NOT NULL,
    floor bytea,
    volume bytea NOT NULL,
    sales bigint NOT NULL
);

CREATE TABLE public.collections (
    id bigint NOT NULL,
    slug bytea NOT NULL,
    name bytea NOT NULL,
    category bytea NOT NULL,
    creator bytea NOT NULL,
    created_at bigint NOT NULL
);

CREATE TABLE public.contents (
    hash bytea NOT NULL,
    bytes bytea NOT NULL
);

CREATE TABLE public.holder_roots (
    holder bytea NOT NULL,
    height bigint NOT NULL,
    root bigint NOT NULL,
    hash bytea NOT NULL,
    size bigint NOT NULL
);

CREATE TABLE public.holding_spans (
    object bigint NOT NULL,
    opened bigint NOT NULL,
    closed bigint,
    owner bytea NOT NULL,
    collection bigint NOT NULL
);

CREATE TABLE public.listing_spans (
    object bigint NOT NULL,
    opened bigint NOT NULL,
    closed bigint,
    collection bigint NOT NULL,
    price bytea NOT NULL,
    seller bytea NOT NULL
);

CREATE TABLE public.meta (
    key bytea NOT NULL,
    value bytea NOT NULL
);

CREATE TABLE public.object_traits (
    collection bigint NOT NULL,
    trait bytea NOT NULL,
    value bytea NOT NULL,
    object bigint NOT NULL,
    "position" bigint NOT NULL,
    minted_at bigint NOT NULL
);

CREATE TABLE public.object_versions (
    object bigint NOT NULL,
    height bigint NOT NULL,
    owner bytea NOT NULL,
    seller bytea,
    listing bytea,
    last_sale bytea
);

CREATE TABLE public.objects (
    id bigint NOT NULL,
    collection bigint NOT NULL,
    slug bytea NOT NULL,
    token_id bigint NOT NULL,
    display_key bytea NOT NULL,
    key bytea NOT NULL,
    traits bytea NOT NULL,
    traits_hash bytea NOT NULL,
    content_size bigint NOT NULL,
    content_hash bytea NOT NULL,
    frames bigint NOT NULL,
    width bigint NOT NULL,
    height bigint NOT NULL,
    minted_at bigint NOT NULL,
    mint_tx bytea NOT NULL
);

CREATE TABLE public.receipts (
    hash bytea NOT NULL,
    sender bytea NOT NULL,
    success bigint NOT NULL,
    error bytea NOT NULL,
    gas_used bigint NOT NULL,
    fee bytea NOT NULL,
    events bytea NOT NULL,
    content_size bigint NOT NULL
);

CREATE TABLE public.schema_history (
    version bigint NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL,
    what text NOT NULL
);

CREATE TABLE public.transactions (
    hash bytea NOT NULL,
    height bigint NOT NULL,
    "position" bigint NOT NULL,
    body bytea NOT NULL,
    content bytea
);

CREATE TABLE public.trie_nodes (
    id bigint NOT NULL,
    body bytea NOT NULL
);

CREATE TABLE public.trie_roots (
    height bigint NOT NULL,
    objects bigint NOT NULL,
    objects_hash bytea NOT NULL,
    objects_size bigint NOT NULL,
    holdings bigint NOT NULL,
    holdings_hash bytea NOT NULL,
    holdings_size bigint NOT NULL
);

ALTER TABLE ONLY public.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (address, height);

ALTER TABLE ONLY public.activity
    ADD CONSTRAINT activity_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_hash_key UNIQUE (hash);

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_pkey PRIMARY KEY (height);

ALTER TABLE ONLY public.collection_holders
    ADD CONSTRAINT collection_holders_pkey PRIMARY KEY (collection, holder);

ALTER TABLE ONLY public.collection_listings
    ADD CONSTRAINT collection_listings_pkey PRIMARY KEY (collection, price, object);

ALTER TABLE ONLY public.collection_stats
    ADD CONSTRAINT collection_stats_pkey PRIMARY KEY (collection, height);

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.collections
    ADD CONSTRAINT collections_slug_key UNIQUE (slug);

ALTER TABLE ONLY public.contents
    ADD CONSTRAINT contents_pkey PRIMARY KEY (hash);

ALTER TABLE ONLY public.holder_roots
    ADD CONSTRAINT holder_roots_pkey PRIMARY KEY (holder, height);

ALTER TABLE ONLY public.holding_spans
    ADD CONSTRAINT holding_spans_pkey PRIMARY KEY (object, opened);

ALTER TABLE ONLY public.listing_spans
    ADD CONSTRAINT listing_spans_pkey PRIMARY KEY (object, opened);

ALTER TABLE ONLY public.meta
    ADD CONSTRAINT meta_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.object_traits
    ADD CONSTRAINT object_traits_pkey PRIMARY KEY (collection, trait, value, object, "position");

ALTER TABLE ONLY public.object_versions
    ADD CONSTRAINT object_versions_pkey PRIMARY KEY (object, height);

ALTER TABLE ONLY public.objects
    ADD CONSTRAINT objects_display_key_key UNIQUE (display_key);

ALTER TABLE ONLY public.objects
    ADD CONSTRAINT objects_key_key UNIQUE (key);

ALTER TABLE ONLY public.objects
    ADD CONSTRAINT objects_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.receipts
    ADD CONSTRAINT receipts_pkey PRIMARY KEY (hash);

ALTER TABLE ONLY public.schema_history
    ADD CONSTRAINT schema_history_pkey PRIMARY KEY (version);

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_height_position_key UNIQUE (height, "position");

ALTER TABLE ONLY public.transactions
    ADD CONSTRAINT transactions_pkey PRIMARY KEY (hash);

ALTER TABLE ONLY public.trie_nodes
    ADD CONSTRAINT trie_nodes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.trie_roots
    ADD CONSTRAINT trie_roots_pkey PRIMARY KEY (height);

CREATE INDEX activity_by_collection ON public.activity USING btree (collection, id);

CREATE INDEX activity_by_height ON public.activity USING btree (height);

CREATE INDEX activity_by_object ON public.activity USING btree (object, id);

CREATE INDEX activity_by_recipient ON public.activity USING btree (recipient, id);

CREATE INDEX activity_by_sender ON public.activity USING btree (sender, id);

CREATE INDEX holdings_by_owner ON public.holding_spans USING btree (owner, opened, closed, collection);

CREATE INDEX listings_by_object ON public.collection_listings USING btree (object);

CREATE INDEX listings_by_price ON public.collection_listings USING btree (price, object);

CREATE INDEX objects_by_collection ON public.objects USING btree (collection, id);

CREATE INDEX objects_by_name ON public.objects USING btree (slug, token_id);

CREATE INDEX sales_by_collection ON public.activity USING btree (collection, height, object) WHERE (type = '\x73616c65'::bytea);

CREATE INDEX sales_by_height ON public.activity USING btree (height, object) WHERE (type = '\x73616c65'::bytea);

CREATE INDEX sales_by_object ON public.activity USING btree (collection, object, height) WHERE (type = '\x73616c65'::bytea);

CREATE INDEX spans_by_collection ON public.listing_spans USING btree (collection, price, object, opened, closed);

CREATE INDEX spans_by_collection_opening ON public.listing_spans USING btree (collection, opened, closed);

CREATE INDEX spans_by_opening ON public.listing_spans USING btree (opened, closed);

CREATE INDEX spans_by_price ON public.listing_spans USING btree (price, object, opened, closed);

CREATE INDEX spans_by_seller ON public.listing_spans USING btree (seller, opened, closed);

CREATE INDEX traits_by_value ON public.object_traits USING btree (trait, value, object);

CREATE INDEX versions_by_seller ON public.object_versions USING btree (seller, height) WHERE (seller IS NOT NULL);

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

INSERT INTO public.meta VALUES ('\x70726f746f636f6c', '\x32');
INSERT INTO public.meta VALUES ('\x7374617465', '\x636f6d706c657465');
INSERT INTO public.meta VALUES ('\x736368656d61', '\x39');

INSERT INTO public.schema_history VALUES (4, '2026-12-02 00:09:07.968158+00', 'migrations recorded in schema_history; activity by object indexed here rather than by each follower''s start');
INSERT INTO public.schema_history VALUES (5, '2026-12-02 00:09:07.974483+00', 'listings indexed by price across collections and by object: a list by price at the head reads the listings in order and the unlisted by name, not every object''s version');
INSERT INTO public.schema_history VALUES (6, '2026-12-02 00:09:07.97962+00', 'sales indexed by height, by collection and height, and by object: a list by last sale reads the newest sales and the never sold by name, at any height, not every object''s version');
INSERT INTO public.schema_history VALUES (7, '2026-12-02 00:09:07.983108+00', 'listing spans, the heights each listing was open at, indexed by price across collections and within one, filled from the objects'' versions: a list by price or by listing at a past height reads them in order, not every object''s version');
INSERT INTO public.schema_history VALUES (8, '2026-12-02 00:09:07.991249+00', 'holding spans, the heights each object was owned at by each owner, indexed by owner, filled from the objects'' versions: a wallet''s holdings at any height are counted from one index, not walked down its holdings trie a round trip a level');
INSERT INTO public.schema_history VALUES (9, '2026-12-02 00:09:07.996052+00', 'listing spans given each listing''s seller, from the version each opened at, and indexed by seller: a wallet''s listings at any height are counted from one index, not each of its listing versions checked for a newer one');


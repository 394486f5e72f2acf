-- Blog posts edited from the console: a post is a draft (never public), scheduled (public from
-- published_at on) or published. Posts written before this are all published; published_at stays the
-- time a post went (or goes) public.
ALTER TABLE blogs
  ADD COLUMN status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'scheduled', 'published')),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- the public list reads only what is (or will be) public, newest first
DROP INDEX blogs_published_idx;
CREATE INDEX blogs_public_idx ON blogs (published_at DESC) WHERE status <> 'draft';

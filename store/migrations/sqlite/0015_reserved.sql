-- Reserved for issue 44's other branch (the feed's migration): this
-- placeholder keeps 0016 in order until that branch is merged, and is
-- deleted then.
SELECT 1;

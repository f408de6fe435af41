-- Reserved for issue 44's branches (their migrations 0015 to 0017): this
-- placeholder keeps 0018 in order until they are merged, and is deleted
-- then.
SELECT 1;

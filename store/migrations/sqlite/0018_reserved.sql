-- Reserved for issues 44 and 47's branches (their migrations 0015 to 0018):
-- this placeholder keeps 0019 in order until they are merged, and is
-- deleted then.
SELECT 1;

-- The merchant lists a plan's memberships (issue #7: the console's plan page shows who holds it),
-- oldest first, a page at a time.
CREATE INDEX member_memberships_plan_idx ON member_memberships (plan_id, created_date, id);

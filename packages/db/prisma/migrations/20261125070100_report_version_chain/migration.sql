-- AlterTable
ALTER TABLE "report_versions" ADD COLUMN     "prev_sha256" TEXT;


-- The versions of a report form a hash chain. A version's sha256 is the SHA-256, lower-case hex,
-- of the UTF-8 bytes of the canonical serialisation (docs/reports.md) of
--   {"previousSha256": <the previous version's sha256, or null for version 1>,
--    "snapshotSha256": <the SHA-256 of the snapshot's canonical serialisation>}
-- that is, with no white space: {"previousSha256":null,"snapshotSha256":"3f…"} for version 1 and
-- {"previousSha256":"9a…","snapshotSha256":"c2…"} after it. Every hash is lower-case hex, so no
-- character needs escaping. apps/web/src/server/reports/snapshot.ts writes the same bytes.
CREATE FUNCTION pg_temp.report_version_sha256(previous TEXT, snapshot_sha256 TEXT) RETURNS TEXT
  LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    '{"previousSha256":' || coalesce('"' || previous || '"', 'null') ||
    ',"snapshotSha256":"' || snapshot_sha256 || '"}', 'UTF8')), 'hex')
$$;

-- Versions published until now stored the snapshot's hash as sha256: chain them, version by
-- version, over those stored hashes (not over re-hashed snapshots, so a snapshot altered before
-- this migration still fails verification). The guard against updates would refuse this one-time
-- rewrite; it is dropped here and recreated below, covering the new column.
DROP TRIGGER "report_versions_immutable" ON "report_versions";

WITH RECURSIVE ordered AS (
  SELECT id, report_id, sha256 AS snapshot_sha256,
         row_number() OVER (PARTITION BY report_id ORDER BY version) AS position
  FROM "report_versions"
), chain AS (
  SELECT id, report_id, position, NULL::TEXT AS prev_sha256,
         pg_temp.report_version_sha256(NULL, snapshot_sha256) AS sha256
  FROM ordered
  WHERE position = 1
  UNION ALL
  SELECT o.id, o.report_id, o.position, c.sha256,
         pg_temp.report_version_sha256(c.sha256, o.snapshot_sha256)
  FROM chain c
  JOIN ordered o ON o.report_id = c.report_id AND o.position = c.position + 1
)
UPDATE "report_versions" v
SET prev_sha256 = chain.prev_sha256, sha256 = chain.sha256
FROM chain
WHERE v.id = chain.id;

DROP FUNCTION pg_temp.report_version_sha256(TEXT, TEXT);

CREATE OR REPLACE FUNCTION "report_versions_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.report_id IS DISTINCT FROM OLD.report_id
     OR NEW.version IS DISTINCT FROM OLD.version
     OR NEW.title IS DISTINCT FROM OLD.title
     OR NEW.snapshot IS DISTINCT FROM OLD.snapshot
     OR NEW.sha256 IS DISTINCT FROM OLD.sha256
     OR NEW.prev_sha256 IS DISTINCT FROM OLD.prev_sha256
     OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR (NEW.published_by_id IS DISTINCT FROM OLD.published_by_id AND NEW.published_by_id IS NOT NULL) THEN
    RAISE EXCEPTION 'report version % of report % is immutable: publish a new version instead', OLD.version, OLD.report_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "report_versions_immutable"
  BEFORE UPDATE ON "report_versions"
  FOR EACH ROW EXECUTE FUNCTION "report_versions_immutable"();

-- A published version is permanent: deleting one (or its report, comparison, project or
-- organization, whose deletes cascade to it) is refused, and so is TRUNCATE, which skips row
-- triggers. A report is taken down by making it private.
CREATE FUNCTION "report_versions_permanent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'report versions are permanent: TRUNCATE of report_versions is refused'
      USING ERRCODE = 'restrict_violation';
  END IF;
  RAISE EXCEPTION 'report version % of report % is permanent and cannot be deleted: to take a report down, make it private', OLD.version, OLD.report_id
    USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "report_versions_permanent"
  BEFORE DELETE ON "report_versions"
  FOR EACH ROW EXECUTE FUNCTION "report_versions_permanent"();

CREATE TRIGGER "report_versions_not_truncated"
  BEFORE TRUNCATE ON "report_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_versions_permanent"();

-- A new version extends the chain: it is numbered after the latest version of its report and
-- carries that version's hash as prev_sha256 (null for version 1), so no code path can fork
-- the chain or leave a gap. Two publishers racing for the same number meet the unique index.
CREATE FUNCTION "report_versions_chained"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest_version INTEGER;
  latest_sha256 TEXT;
BEGIN
  SELECT version, sha256 INTO latest_version, latest_sha256
    FROM "report_versions"
    WHERE report_id = NEW.report_id
    ORDER BY version DESC
    LIMIT 1;
  IF NEW.version IS DISTINCT FROM coalesce(latest_version, 0) + 1 THEN
    RAISE EXCEPTION 'report % cannot get version %: its next version is %', NEW.report_id, NEW.version, coalesce(latest_version, 0) + 1
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.prev_sha256 IS DISTINCT FROM latest_sha256 THEN
    RAISE EXCEPTION 'report version % of report % must have prev_sha256 % (%), not %',
      NEW.version, NEW.report_id, coalesce(latest_sha256, 'null'),
      CASE WHEN latest_version IS NULL THEN 'it is the first version' ELSE format('the sha256 of version %s', latest_version) END,
      coalesce(NEW.prev_sha256, 'null')
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "report_versions_chained"
  BEFORE INSERT ON "report_versions"
  FOR EACH ROW EXECUTE FUNCTION "report_versions_chained"();

-- The gallery's third-party example (docs/gallery/make-gallery.sh): an
-- in-memory table of 20,000 rows, indexed, queried, then mostly deleted.
CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, tag INTEGER);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
  INSERT INTO item SELECT i, printf('item-%06d', i), i % 97 FROM n;
CREATE INDEX item_name ON item(name);
SELECT tag, count(*), max(name) FROM item GROUP BY tag ORDER BY 2 DESC LIMIT 3;
DELETE FROM item WHERE tag > 10;

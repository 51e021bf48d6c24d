-- purchase_lines copies its item's manufacturer and category (the rollups and the dashboard group
-- by them without joining items). Three foreign keys checked item, manufacturer and category one
-- by one: three lookups for every inserted line, most of the time of an import's insert into
-- purchase_lines (issue 17: a million lines into a 20-million-line database). One key on the
-- three together checks the same in one lookup, and also that the copies are the item's own
-- (the manufacturer and category still exist: items' own foreign keys). Items are never
-- re-assigned to another manufacturer or category by the portal.
alter table items add constraint items_id_manufacturer_category_key unique (id, manufacturer_id, category_id);

alter table purchase_lines
  drop constraint purchase_lines_item_id_fkey,
  drop constraint purchase_lines_manufacturer_id_fkey,
  drop constraint purchase_lines_category_id_fkey,
  add constraint purchase_lines_item_fkey foreign key (item_id, manufacturer_id, category_id)
    references items (id, manufacturer_id, category_id);

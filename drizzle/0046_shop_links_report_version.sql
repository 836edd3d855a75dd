-- A shop's update through its link (issue 32, decision 047) is shown by the Fleet Dashboard ("Shop's last update"),
-- whose answers are kept: a shop link's row changed bumps its claim's company, as the claim's other rows do
-- (migration 0033). Only the shop's kind: a claim pack's downloads count nothing a report shows.
CREATE CONSTRAINT TRIGGER report_version_of_shop_links AFTER INSERT OR UPDATE
  ON outside_links DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.kind = 'shop') EXECUTE FUNCTION report_version_of_claim_rows();

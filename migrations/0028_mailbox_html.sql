-- The dev mailbox keeps an e-mail's HTML part too (e-mails about a car show it as a picture); null for text-only
-- e-mails and for those delivered before.
ALTER TABLE mailbox ADD COLUMN html TEXT;

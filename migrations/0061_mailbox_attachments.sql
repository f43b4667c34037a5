-- The dev mailbox keeps the files an e-mail was sent with (an order's confirmation PDF, a handover's calendar file),
-- as JSON: [{"filename", "contentType", "base64"}]; null for an e-mail without any.
ALTER TABLE mailbox ADD COLUMN attachments TEXT;

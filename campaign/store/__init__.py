"""What a store keeps, below the application (`campaign.service.unit_of_work.Campaigns`): its
database and event store (`database`), the secrets and personal links kept sealed beside the logs
(`sealed`), and the rows kept beside each log for its next readers (`kept`)."""

"""firstgiants (work in progress: placeholder so the kit installs; replace freely)."""

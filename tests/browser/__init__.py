"""Browser tests: the kit's notebooks in JupyterLab and Voila, driven in headless Chromium."""

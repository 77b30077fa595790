//! `--comment` support: section titles, `; id %N`, decoration summaries.

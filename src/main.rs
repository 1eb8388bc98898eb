//! The `tabula` binary: parse the command line, read the config, start logging, run the chosen part.
//!
//! Exit status: 0 on success; 2 when the command cannot run as given (clap's usage errors, the command line
//! tools' refusals, a config or environment to fix first: a bad value, no token); 1 when running failed (the
//! database, Discord, the network).

fn main() -> std::process::ExitCode {
    tabula::cli::main()
}

//! A throwaway Postgres server for the tests: `initdb` and `postgres` from Debian's `postgresql` package, in a
//! temporary folder, listening on a free loopback port, run as the unprivileged `postgres` user when the tests run
//! as root (Postgres refuses to run as root). The server is killed and its folder deleted when the value is
//! dropped.
//!
//! Without the binaries, [`PgServer::start`] says the test is skipped and returns `None`, so `cargo test` passes
//! on a machine without Postgres; `.ci/run` installs the package, so in CI these tests always run.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running throwaway server.
pub struct PgServer {
    child: Option<Child>,
    port: u16,
    bin: PathBuf,
    user: Option<(u32, u32)>,
    /// The data folder (and the log), deleted with the value.
    dir: tempfile::TempDir,
}

/// The folder of the newest installed Postgres's programs, if any.
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// The unprivileged user (uid, gid) to run the server as when we are root.
fn unprivileged() -> Option<(u32, u32)> {
    let out = Command::new("id").arg("-u").output().ok()?;
    if String::from_utf8_lossy(&out.stdout).trim() != "0" {
        return None;
    }
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, "postgres"]).output().ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    Some((id("-u")?, id("-g")?))
}

/// `program args...`, as the unprivileged user when there is one (`setpriv` execs it: no process in between,
/// so killing the child kills the server).
fn command(bin: &Path, program: &str, user: Option<(u32, u32)>) -> Command {
    match user {
        Some((uid, gid)) => {
            let mut c = Command::new("setpriv");
            c.arg(format!("--reuid={uid}"))
                .arg(format!("--regid={gid}"))
                .arg("--clear-groups")
                .arg("--")
                .arg(bin.join(program));
            c
        }
        None => Command::new(bin.join(program)),
    }
}

impl PgServer {
    /// Starts a server, or says why the calling test is skipped and returns `None`.
    pub fn start(test: &str) -> Option<PgServer> {
        let Some(bin) = bin_dir() else {
            eprintln!(
                "{test}: skipped, Postgres is not installed (Debian's `postgresql` package; .ci/run installs it)"
            );
            return None;
        };
        let user = unprivileged();
        let dir = tempfile::Builder::new().prefix("tabula-pg-").tempdir().expect("a temporary folder");
        if let Some((uid, gid)) = user {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid)).expect("chown the temporary folder");
        }
        let data = dir.path().join("data");
        let status = command(&bin, "initdb", user)
            .arg("-D")
            .arg(&data)
            .args(["-U", "tabula", "--auth=trust", "-E", "UTF8", "--no-sync"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(status.success(), "initdb failed in {}", dir.path().display());
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut server = PgServer { child: None, port, bin, user, dir };
        server.spawn();
        Some(server)
    }

    /// Runs the server over the data folder and waits until it listens.
    fn spawn(&mut self) {
        let dir = self.dir.path();
        let log = std::fs::OpenOptions::new().create(true).append(true).open(dir.join("log")).unwrap();
        if let Some((uid, gid)) = self.user {
            std::os::unix::fs::chown(dir.join("log"), Some(uid), Some(gid)).unwrap();
        }
        let child = command(&self.bin, "postgres", self.user)
            .arg("-D")
            .arg(dir.join("data"))
            .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-k"])
            .arg(dir)
            .args(["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"])
            .args(["-c", "max_connections=200"])
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("postgres starts");
        self.child = Some(child);
        super::wait::until_blocking("postgres to listen", Duration::from_secs(30), || {
            std::net::TcpStream::connect(("127.0.0.1", self.port)).ok()
        });
    }

    /// Stops the server as an operator does (`pg_ctl stop -m fast`: SIGINT, every session cut, a clean
    /// shutdown) and waits until it is gone; its data stays for [`PgServer::restart`].
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
            let _ = child.wait();
        }
    }

    /// Starts the stopped server again, on the same port and data.
    pub fn restart(&mut self) {
        self.stop();
        self.spawn();
    }

    /// The URL of database `db` on this server.
    pub fn url(&self, db: &str) -> String {
        format!("postgres://tabula@127.0.0.1:{}/{db}", self.port)
    }

    /// Creates an empty database and returns its URL (the server may still be starting up: it is retried).
    pub async fn database(&self, name: &str) -> String {
        use sqlx::Connection as _;
        let url = self.url("postgres");
        let mut c = super::wait::until("postgres to accept connections", Duration::from_secs(30), || async {
            sqlx::PgConnection::connect(&url).await.ok()
        })
        .await;
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut c)
            .await
            .expect("create a database");
        self.url(name)
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

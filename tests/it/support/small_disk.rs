//! A small real file system for the tests that need a disk to fill or a file to write-protect: an ext4 image of
//! a few megabytes in a temporary folder, loop-mounted there. Filling it makes every write that needs a new block
//! fail with ENOSPC; `chattr +i` makes a file refuse every write (EPERM), even from root and through a descriptor
//! opened before, as a file system remounted read-only does. Both are undone by [`SmallDisk::free`] and
//! [`SmallDisk::unprotect`], and the folder is unmounted (lazily: a test's open files may outlive it) when the
//! value is dropped.
//!
//! Mounting needs root (or the capability) and a loop device: where either is missing, [`SmallDisk::mount`] says
//! the calling test is skipped and returns `None`. `.ci/run` runs as root on a machine that has both.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct SmallDisk {
    /// Holds the image and the mount point.
    dir: tempfile::TempDir,
    mount: PathBuf,
    protected: std::sync::Mutex<Vec<PathBuf>>,
}

fn run(program: &str, args: &[&str]) -> Result<(), String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("{program} does not run: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!("{program} {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()))
    }
}

impl SmallDisk {
    /// Makes and mounts a file system of `megabytes`, or says why the calling test is skipped.
    pub fn mount(test: &str, megabytes: u32) -> Option<SmallDisk> {
        let dir = tempfile::Builder::new().prefix("tabula-disk-").tempdir().expect("a temporary folder");
        let image = dir.path().join("disk.img");
        let mount = dir.path().join("mnt");
        std::fs::create_dir(&mount).unwrap();
        let made = std::fs::File::create(&image)
            .and_then(|f| f.set_len(u64::from(megabytes) << 20))
            .map_err(|e| e.to_string())
            .and_then(|()| run("mkfs.ext4", &["-q", "-F", image.to_str().unwrap()]))
            .and_then(|()| run("mount", &["-o", "loop", image.to_str().unwrap(), mount.to_str().unwrap()]));
        if let Err(why) = made {
            eprintln!(
                "{test}: skipped, a small file system cannot be mounted here ({why}); it needs root and a loop device"
            );
            return None;
        }
        Some(SmallDisk { dir, mount, protected: std::sync::Mutex::default() })
    }

    /// The mounted folder.
    pub fn path(&self) -> &Path {
        &self.mount
    }

    fn filler(&self) -> PathBuf {
        self.mount.join("filler")
    }

    /// Takes every free block: the next write that needs space fails.
    pub fn fill(&self) {
        use std::io::Write as _;
        let mut file = std::fs::File::create(self.filler()).unwrap();
        let chunk = vec![0xA5_u8; 64 << 10];
        // Full blocks first, then what is left byte by byte in smaller pieces.
        for size in [chunk.len(), 4096, 512, 1] {
            while file.write_all(&chunk[..size]).and_then(|()| file.sync_all()).is_ok() {}
        }
    }

    /// Gives the space back.
    pub fn free(&self) {
        std::fs::remove_file(self.filler()).unwrap();
    }

    /// Write-protects these files of the disk (`chattr +i`).
    pub fn protect(&self, files: &[&str]) {
        for file in files {
            let path = self.mount.join(file);
            run("chattr", &["+i", path.to_str().unwrap()]).unwrap();
            self.protected.lock().unwrap().push(path);
        }
    }

    /// Lifts every protection.
    pub fn unprotect(&self) {
        for path in self.protected.lock().unwrap().drain(..) {
            run("chattr", &["-i", path.to_str().unwrap()]).unwrap();
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        self.unprotect();
        let _ = run("umount", &["-l", self.mount.to_str().unwrap()]);
        let _ = &self.dir;
    }
}

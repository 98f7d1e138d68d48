/**
 * The compute fleet (DESIGN.md, providers: compute; decision 043): how long
 * each state change of an instance takes, and how a new instance is reached
 * (SSH port and password, JupyterLab token and URL on its host's SSH name).
 * The sandbox fleet simulates this; KVM or container drivers implement the
 * same interface.
 */

/** The transitional states an instance passes through; each ends after the fleet's delay. */
export type ComputeTransition = "creating" | "starting" | "stopping" | "restarting" | "releasing";

/** What the fleet gives a new instance on its host. */
export interface InstanceAccessSecrets {
  sshPort: number;
  sshPassword: string;
  jupyterToken: string;
}

/** How a user reaches an instance: built from the host's SSH name and the instance's secrets. */
export interface InstanceAccess extends InstanceAccessSecrets {
  sshHost: string;
  /** e.g. "ssh -p 41234 root@ssh-bj-a.sandbox.gpu-cloud.local". */
  sshCommand: string;
  jupyterUrl: string;
}

/** Where a region's cloud disks are reached over SFTP, and the new disk's password. */
export interface CloudDiskAccess {
  sftpHost: string;
  sftpPort: number;
  sftpPassword: string;
}

/** One plugin of an instance as the fleet exposes it (issue 36, decision 089). */
export interface PluginEndpoint {
  /** Its place in the instance's public port block (1 JupyterLab, 2 TensorBoard, 3 code-server, 4–8 custom). */
  slot: number;
  protocol: "http" | "tcp";
  /** JupyterLab's address carries the instance's token. */
  jupyter: boolean;
}

/** A stopped instance's system disk copied into an image (issue 36, decision 088). */
export interface SystemDiskSnapshot {
  /** What the disk holds, in whole GB (at least 1): the image's size. */
  sizeGb: number;
  /** How long the copy takes; the image is usable after it. */
  copyMs: number;
}

export interface ComputeProvider {
  /** Milliseconds until `state` moves on (creating → running, stopping → stopped, …). */
  transitionDelayMs(state: ComputeTransition): number;
  /**
   * The SSH port, root password and JupyterLab token of a new instance; the
   * host's SSH name completes them into what users see (`access`).
   */
  provision(): InstanceAccessSecrets;
  /** The access details users see, from the host's SSH name and the instance's secrets. */
  access(host: { sshHost: string }, secrets: InstanceAccessSecrets): InstanceAccess;
  /** Where a plugin of an instance is reached: an https URL (http plugins) or host:port (tcp). */
  pluginAddress(
    host: { sshHost: string },
    secrets: Omit<InstanceAccessSecrets, "sshPassword">,
    plugin: PluginEndpoint,
  ): string;
  /**
   * A stopped instance's move to another host of the same kind (issue 36 §2,
   * decision 086): its disks (system and data) come along and it gets a new
   * SSH port there. Called before the move's transaction, like `provision`
   * (decision 058); the transaction then picks the host.
   */
  relocate(): { sshPort: number };
  /** The SFTP host and port of a region's cloud disk storage and a new random password (issue 36, decision 083). */
  provisionCloudDisk(regionCode: string): CloudDiskAccess;
  /** Copies a stopped instance's system disk (of `systemDiskGb`) into an image: its size and the copy's duration. */
  snapshotSystemDisk(disk: { instanceUuid: string; systemDiskGb: number }): SystemDiskSnapshot;
  /** How long a host takes to pull a user's image it does not hold yet, before creating an instance from it. */
  imagePullMs(): number;
}

package provenance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

func collectCPU(_ context.Context, e *Env, c *capture) error {
	raw, err := e.read("proc/cpuinfo")
	if err != nil {
		return fmt.Errorf("cpuinfo: %w", err)
	}
	const src = "/proc/cpuinfo"
	c.set("node.hardware.arch", runtime.GOARCH, "GOARCH")
	threads := 0
	cores := map[string]bool{}
	var phys, core, cacheSize string
	hypervisor := false
	for _, line := range strings.Split(raw+"\n", "\n") {
		k, v, _ := strings.Cut(line, ":")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "processor":
			threads++
		case "model name":
			c.set("node.hardware.cpuModel", v, src)
		case "vendor_id":
			c.set("node.hardware.cpuVendor", v, src)
		case "cpu family":
			if n, err := strconv.Atoi(v); err == nil {
				c.set("node.hardware.cpuFamily", n, src)
			}
		case "microcode":
			c.set("node.hardware.microcode", v, src)
		case "cache size":
			cacheSize = v
		case "physical id":
			phys = v
		case "core id":
			core = v
		case "flags":
			hypervisor = strings.Contains(" "+v+" ", " hypervisor ")
			c.set("node.hardware.hypervisorFlag", hypervisor, src)
		case "":
			if core != "" {
				cores[phys+"/"+core] = true
			}
			phys, core = "", ""
		}
	}
	c.set("node.hardware.threads", threads, src)
	if len(cores) > 0 {
		c.set("node.hardware.cores", len(cores), src)
	} else {
		c.set("node.hardware.cores", threads, src+" (no core ids: logical CPUs counted)")
	}
	if hypervisor {
		// In a VM every logical CPU the guest sees is a vCPU.
		c.set("node.hardware.vcpus", threads, src)
	}
	if caches := cpuCaches(e); len(caches) > 0 {
		c.set("node.hardware.caches", caches, "/sys/devices/system/cpu/cpu0/cache")
	} else if cacheSize != "" {
		c.set("node.hardware.caches", map[string]any{"cache": cacheSize}, src)
	}
	cpufreq := "sys/devices/system/cpu/cpu0/cpufreq/"
	if v, err := e.read(cpufreq + "scaling_governor"); err == nil {
		c.set("node.hardware.governor", v, "/"+cpufreq+"scaling_governor")
	}
	if v, err := e.read(cpufreq + "cpuinfo_max_freq"); err == nil {
		if khz, err := strconv.ParseInt(v, 10, 64); err == nil {
			c.set("node.hardware.maxFrequencyMhz", khz/1000, "/"+cpufreq+"cpuinfo_max_freq")
		}
	}
	if v, err := e.read("sys/devices/system/cpu/intel_pstate/no_turbo"); err == nil {
		c.set("node.hardware.turbo", v == "0", "/sys/devices/system/cpu/intel_pstate/no_turbo")
	} else if v, err := e.read("sys/devices/system/cpu/cpufreq/boost"); err == nil {
		c.set("node.hardware.turbo", v == "1", "/sys/devices/system/cpu/cpufreq/boost")
	}
	if v, err := e.read("sys/devices/system/cpu/smt/active"); err == nil {
		c.set("node.hardware.smt", v == "1", "/sys/devices/system/cpu/smt/active")
	}
	return nil
}

// cpuCaches reads cpu0's cache hierarchy: {"L1d": "32K", "L1i": "32K", "L2": "1024K", ...}.
func cpuCaches(e *Env) map[string]any {
	out := map[string]any{}
	dirs, _ := filepath.Glob(filepath.Join(e.Root, "sys/devices/system/cpu/cpu0/cache/index*"))
	for _, d := range dirs {
		rel, _ := filepath.Rel(e.Root, d)
		level, err1 := e.read(rel + "/level")
		size, err2 := e.read(rel + "/size")
		if err1 != nil || err2 != nil {
			continue
		}
		typ, _ := e.read(rel + "/type")
		name := "L" + level
		switch typ {
		case "Data":
			name += "d"
		case "Instruction":
			name += "i"
		}
		out[name] = size
	}
	return out
}

func collectMemory(_ context.Context, e *Env, c *capture) error {
	raw, err := e.read("proc/meminfo")
	if err != nil {
		return fmt.Errorf("meminfo: %w", err)
	}
	for _, line := range strings.Split(raw, "\n") {
		if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				break
			}
			if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
				c.set("node.hardware.memoryBytes", kb*1024, "/proc/meminfo MemTotal")
				return nil
			}
		}
	}
	return errors.New("meminfo: no MemTotal")
}

func collectOS(_ context.Context, e *Env, c *capture) error {
	c.set("node.software.osType", runtime.GOOS, "GOOS")
	var errs []error
	if v, err := e.read("proc/sys/kernel/osrelease"); err == nil {
		c.set("node.software.kernel", v, "/proc/sys/kernel/osrelease")
	} else {
		errs = append(errs, fmt.Errorf("kernel: %w", err))
	}
	src := "/etc/os-release"
	raw, err := e.read("etc/os-release")
	if err != nil {
		src = "/usr/lib/os-release"
		raw, err = e.read("usr/lib/os-release")
	}
	if err != nil {
		errs = append(errs, fmt.Errorf("os-release: %w", err))
	}
	for _, line := range strings.Split(raw, "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		v = strings.Trim(v, `"'`)
		switch k {
		case "NAME":
			c.set("node.software.osName", v, src)
		case "VERSION_ID":
			c.set("node.software.osVersion", v, src)
		case "ID":
			c.set("node.software.osId", v, src)
		case "PRETTY_NAME":
			c.set("node.software.osDescription", v, src)
		}
	}
	return errors.Join(errs...)
}

// collectPlatform tells bare metal, VM and container apart from what the
// kernel and DMI expose.
func collectPlatform(_ context.Context, e *Env, c *capture) error {
	const dmiSrc = "/sys/class/dmi/id"
	dmi := dmiInfo(e)
	if len(dmi) > 0 {
		rec := map[string]any{}
		for k, v := range dmi {
			rec[k] = v
		}
		c.set("node.hardware.dmi", rec, dmiSrc)
		if host := strings.TrimSpace(dmi["sys_vendor"] + " " + dmi["product_name"]); host != "" {
			c.set("node.hardware.hostType", host, dmiSrc)
		}
	}
	cpuinfo, _ := e.read("proc/cpuinfo")
	virt, src := "none", dmiSrc
	switch {
	case strings.Contains(dmi["sys_vendor"]+dmi["product_name"], "QEMU"), strings.Contains(dmi["sys_vendor"], "KVM"):
		virt = "kvm"
	case strings.Contains(dmi["sys_vendor"], "VMware"):
		virt = "vmware"
	case strings.Contains(dmi["product_name"], "VirtualBox"):
		virt = "virtualbox"
	case strings.Contains(dmi["sys_vendor"], "Microsoft Corporation"):
		virt = "hyper-v"
	case strings.Contains(dmi["sys_vendor"], "Amazon EC2"), strings.Contains(dmi["sys_vendor"], "Google"):
		virt = "kvm"
	case strings.Contains(cpuinfo, " hypervisor"):
		virt, src = "unknown hypervisor", "/proc/cpuinfo hypervisor flag"
	}
	if _, err := os.Stat(filepath.Join(e.Root, "proc/sys/fs/binfmt_misc/WSLInterop")); err == nil {
		virt, src = "wsl", "/proc/sys/fs/binfmt_misc/WSLInterop"
	}
	c.set("node.software.virtualization", virt, src)
	container, csrc := "none", "/proc/1/cgroup"
	cgroup, _ := e.read("proc/1/cgroup")
	switch {
	case exists(e, ".dockerenv"):
		container, csrc = "docker", "/.dockerenv"
	case exists(e, "run/.containerenv"):
		container, csrc = "podman", "/run/.containerenv"
	case e.getenv("KUBERNETES_SERVICE_HOST") != "" || strings.Contains(cgroup, "kubepods"):
		container, csrc = "kubernetes", "KUBERNETES_SERVICE_HOST, /proc/1/cgroup"
	case strings.Contains(cgroup, "docker"), strings.Contains(cgroup, "containerd"):
		container = "docker"
	case strings.Contains(cgroup, "lxc"):
		container = "lxc"
	}
	c.set("node.software.container", container, csrc)
	if hn, err := os.Hostname(); err == nil && e.Root == "/" {
		c.set("node.name", hn, "hostname")
	}
	return nil
}

func dmiInfo(e *Env) map[string]string {
	out := map[string]string{}
	for _, k := range []string{"sys_vendor", "product_name", "bios_vendor", "board_vendor", "chassis_asset_tag"} {
		if v, err := e.read("sys/class/dmi/id/" + k); err == nil && v != "" {
			out[k] = v
		}
	}
	return out
}

func exists(e *Env, p string) bool {
	_, err := os.Stat(filepath.Join(e.Root, p))
	return err == nil
}

// collectDisks records block-device mounts with their options, and each
// disk's scheduler, kind and size, since all change I/O-bound results. Values
// are flat maps keyed by mount point or device, as the contract allows.
func collectDisks(_ context.Context, e *Env, c *capture) error {
	raw, err := e.read("proc/mounts")
	if err != nil {
		return fmt.Errorf("mounts: %w", err)
	}
	options, sched, kind, size := map[string]any{}, map[string]any{}, map[string]any{}, map[string]any{}
	var mounts []any
	for _, line := range strings.Split(raw, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "/dev/") {
			continue
		}
		if len(mounts) == maxList {
			break
		}
		mounts = append(mounts, f[0]+" "+f[1]+" "+f[2])
		options[f[1]] = f[3]
		dev := filepath.Base(f[0])
		q, ok := blockQueue(e, dev)
		if !ok {
			continue
		}
		if v, ok := q["scheduler"]; ok {
			sched[dev] = v
		}
		if rot, ok := q["rotational"].(bool); ok {
			switch {
			case rot:
				kind[dev] = "hdd"
			case strings.HasPrefix(dev, "nvme"):
				kind[dev] = "nvme"
			default:
				kind[dev] = "ssd"
			}
		}
		if v, ok := q["capacityBytes"]; ok {
			size[dev] = v
		}
	}
	c.set("node.hardware.mounts", mounts, "/proc/mounts")
	c.set("node.hardware.mountOptions", options, "/proc/mounts")
	for _, d := range []struct {
		key    string
		m      map[string]any
		source string
	}{
		{"diskScheduler", sched, "/sys/block/*/queue/scheduler"},
		{"storageType", kind, "/sys/block/*/queue/rotational and the device name"},
		{"storageBytes", size, "/sys/block/*/size"},
	} {
		if len(d.m) > 0 {
			c.set("node.hardware."+d.key, d.m, d.source)
		}
	}
	return nil
}

// blockQueue finds the queue settings of a device or of the disk holding a partition.
func blockQueue(e *Env, dev string) (map[string]any, bool) {
	base := dev
	for _, name := range []string{dev, strings.TrimRight(dev, "0123456789"), strings.TrimSuffix(strings.TrimRight(dev, "0123456789"), "p")} {
		if exists(e, "sys/block/"+name+"/queue") {
			base = name
			break
		}
	}
	q := "sys/block/" + base + "/queue/"
	out := map[string]any{}
	if v, err := e.read(q + "scheduler"); err == nil {
		// The active scheduler is shown in brackets: "mq-deadline [none]".
		if i, j := strings.Index(v, "["), strings.Index(v, "]"); i >= 0 && j > i {
			v = v[i+1 : j]
		}
		out["scheduler"] = v
	}
	if v, err := e.read(q + "rotational"); err == nil {
		out["rotational"] = v == "1"
	}
	if v, err := e.read("sys/block/" + base + "/size"); err == nil {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			out["capacityBytes"] = n * 512
		}
	}
	return out, len(out) > 0
}

func collectLoad(_ context.Context, e *Env, c *capture) error {
	raw, err := e.read("proc/loadavg")
	if err != nil {
		return fmt.Errorf("loadavg: %w", err)
	}
	f := strings.Fields(raw)
	if len(f) < 3 {
		return fmt.Errorf("loadavg: %q", raw)
	}
	var avg []any
	for _, s := range f[:3] {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("loadavg: %q", raw)
		}
		avg = append(avg, v)
	}
	c.set("node.hardware.loadAverage", avg, "/proc/loadavg (1, 5, 15 min)")
	return nil
}
